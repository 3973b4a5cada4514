#ifndef FLOWSPEC_CLIBYAML_SHIM_H
#define FLOWSPEC_CLIBYAML_SHIM_H
#include <yaml.h>
#endif
