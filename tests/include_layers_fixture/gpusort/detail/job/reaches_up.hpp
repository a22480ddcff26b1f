#pragma once
// include_layers_catches_upward: the job layer (2) including the front end (4) must fail.
#include "../front_end/calls.hpp"
