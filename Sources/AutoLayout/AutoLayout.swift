// The AutoLayout module. See ../../README.md and the module's documentation.
