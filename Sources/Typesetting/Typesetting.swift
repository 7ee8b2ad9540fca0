// The Typesetting module. See ../../README.md and the module's documentation.
