#include <string.h>
#include "yardstick_errors.h"

static _Thread_local char last_error[1024];

void yardstick_c_set_last_error(const char *message) {
    if (message == 0) { last_error[0] = 0; return; }
    strncpy(last_error, message, sizeof last_error - 1);
    last_error[sizeof last_error - 1] = 0;
}

const char *ys_last_error(void) { return last_error; }
