import Concurrency

/// The package's lock (`Concurrency.Locked`), by its name inside the text engine, for the
/// files and tests that reach it through this module rather than importing `Concurrency`.
package typealias Locked = Concurrency.Locked
