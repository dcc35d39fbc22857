#ifndef REMOTEBRIDGE_CMPV_SHIM_H
#define REMOTEBRIDGE_CMPV_SHIM_H
#include <mpv/client.h>
#include <locale.h>
#endif
