// libpng's simplified API (png_image_*): it reports errors through the png_image's
// `message` field instead of longjmp, which Swift cannot catch.
#include <png.h>

// PNG_FORMAT_RGBA is a macro expression Swift does not import.
static const unsigned int CPNG_FORMAT_RGBA = PNG_FORMAT_RGBA;
static const unsigned int CPNG_IMAGE_VERSION = PNG_IMAGE_VERSION;
