/* The version: the numeric macros, the string macro built from them, what the
 * (shared) library reports, and the version CMake read from the header (argv[1]). */
#include "lwcx.h"
#include "testutil.h"

int main(int argc, char **argv)
{
    char want[64];
    snprintf(want, sizeof want, "%d.%d.%d", LWCX_VERSION_MAJOR, LWCX_VERSION_MINOR,
             LWCX_VERSION_PATCH);
    CHECK(strcmp(LWCX_VERSION_STRING, want) == 0, "LWCX_VERSION_STRING %s, want %s",
          LWCX_VERSION_STRING, want);
    CHECK(strcmp(lwcx_version(), want) == 0, "lwcx_version() %s, want %s", lwcx_version(), want);
    CHECK(argc == 2 && strcmp(argv[1], want) == 0, "CMake's version %s, want %s",
          argc == 2 ? argv[1] : "(none)", want);
    return tu_finish();
}
