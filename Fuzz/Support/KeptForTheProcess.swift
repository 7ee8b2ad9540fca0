/// Makes a value a fuzz target keeps for the whole process (its setup, its scratch paths).
///
/// Swift keeps flag bits in the top of a native string's storage pointer, so LeakSanitizer
/// does not see a string a global holds and reports it leaked; Fuzz/lsan-suppressions.txt
/// names this function, so what is allocated under it is never reported.
@inline(never)
public func keptForTheProcess<T>(_ make: () throws -> T) rethrows -> T {
    try make()
}
