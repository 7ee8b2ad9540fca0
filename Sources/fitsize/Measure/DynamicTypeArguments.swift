import ArgumentParser
import Typesetting

// `--text-style` and `--content-size-category` take Typesetting's raw names; an unknown one
// is refused by the argument parser with a message naming the option, the value and the
// names there are.

extension Font.TextStyle: ExpressibleByArgument {}

extension ContentSizeCategory: ExpressibleByArgument {}
