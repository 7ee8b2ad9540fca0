// The C allocator's statistics (glibc's mallinfo2), for the heap bytes a scene holds per
// view, and its settings (mallopt); Swift's Glibc module does not include malloc.h.
#include <malloc.h>
