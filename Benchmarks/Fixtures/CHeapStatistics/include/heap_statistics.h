#ifndef APOGEE_HEAP_STATISTICS_H
#define APOGEE_HEAP_STATISTICS_H
#include <stddef.h>

/// The bytes the allocator has handed out and not had back, large mapped allocations included;
/// 0 where the platform does not say.
size_t apogee_heap_bytes_in_use(void);

#endif
