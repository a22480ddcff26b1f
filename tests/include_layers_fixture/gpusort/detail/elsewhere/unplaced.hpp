#pragma once
// include_layers_catches_upward: a folder in no layer must fail.
