// The shims are inline functions of the header; a C target needs one source file.
#include "UnoRuntimeShims.h"
