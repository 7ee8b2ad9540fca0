// libFuzzer's driver, for fuzz targets that run it from their own main (SwiftPM gives every
// executable a main, so libFuzzer's cannot be the entry point); -sanitize=fuzzer links it.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));
