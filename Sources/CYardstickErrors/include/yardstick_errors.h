#ifndef YARDSTICK_ERRORS_H
#define YARDSTICK_ERRORS_H

/// The C interface's per-thread "last error" text (a C thread-local: Swift has none that a
/// C caller can read without a Swift runtime call per read). Set by the Swift entry points.
/// The interface's own types come from include/yardstick.h (linked here), so Swift lays out
/// `ys_text_options` and `ys_line` exactly as C does.
#include "yardstick.h"

void yardstick_c_set_last_error(const char *message);

#endif
