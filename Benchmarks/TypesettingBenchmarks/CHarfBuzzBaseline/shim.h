// HarfBuzz alone, for the "shaping floor" baselines (the library's own CHarfBuzz target is
// not a product, so the benchmarks declare their own module over the same library).
#include <hb.h>
#include <hb-ot.h>
