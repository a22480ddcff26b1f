#pragma once
// include_layers_catches_upward: a front-end header (layer 4), included from below.
