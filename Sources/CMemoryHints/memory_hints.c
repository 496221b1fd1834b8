// Header-only module (see include/memory_hints.h and include/atomic_words.h); SwiftPM needs one
// source file per C target.
#include "memory_hints.h"
#include "atomic_words.h"
