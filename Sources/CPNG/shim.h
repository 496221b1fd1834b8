// libpng's simplified API (png_image_*): no setjmp/longjmp reaches Swift.
#include <png.h>
