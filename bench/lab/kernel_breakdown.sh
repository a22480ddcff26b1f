#!/bin/sh
# The radix sort's kernels beside CUB's (bench/lab/README.md), in one go:
#   1. gpusort_radix_probe --kernels over every layout (GL timestamps around each dispatch);
#   2. gpusort_cub_kernels under Nsight Compute on the same layouts and inputs;
#   3. bench/kernel_table.py -> OUT/kernels.md.
# Usage, from the repository root: bench/lab/kernel_breakdown.sh OUT
# Environment (defaults): BUILD (build), MIN_LOG2 (24), MAX_LOG2 (26), STEP (2), RUNS (7: the
# probe's sorts a kernel), CUB_RUNS (5: CUB's, each kernel profiled costs ncu some tens of ms),
# CHECK_MAX_LOG2 (24: larger results are not compared with std::stable_sort, which takes 10+ s
# a layout at 2^26), LAYOUTS (all nine), VARIANTS (default), NCU (ncu on PATH, else under
# /usr/local/cuda* or /opt/nvidia).
# Without ncu or a CUDA device, step 2 is skipped and the table has gpusort's side only.
# ncu runs with --clock-control none (the GPU's own clocks, as the GL probe sees them) and
# --cache-control none (L2 keeps what the previous kernel left, as in a sort run back to back).
set -u
out=${1:?usage: bench/lab/kernel_breakdown.sh OUT}
build=${BUILD:-build}
layouts=${LAYOUTS:-keys_u32,pairs_u32_u32,keys_u64,keys_f32,pairs_f32_u32,keys_f32_depth,pairs_f32_u32_depth,keys_u32_splatapult,pairs_u32_u32_splatapult}
min=${MIN_LOG2:-24}
max=${MAX_LOG2:-26}
step=${STEP:-2}
mkdir -p "$out"

# shellcheck disable=SC2086  # VARIANTS is a list of words
"$build/bench/lab/gpusort_radix_probe" --kernels --step="$step" --check-max-log2="${CHECK_MAX_LOG2:-24}" \
  --layouts="$layouts" "$min" "$max" "${RUNS:-7}" ${VARIANTS:-default} > "$out/probe.txt" 2> "$out/probe.err"
echo "kernel_breakdown: gpusort_radix_probe exit $?"

sizes=""
log2=$min
while [ "$log2" -le "$max" ]; do sizes="$sizes $log2"; log2=$((log2 + step)); done
ncu=${NCU:-$(command -v ncu)}
if [ -z "$ncu" ]; then
  for candidate in /usr/local/cuda*/bin/ncu /usr/local/cuda*/nsight-compute*/ncu /opt/nvidia/nsight-compute/*/ncu; do
    if [ -x "$candidate" ]; then ncu=$candidate; break; fi
  done
fi
table_inputs="--probe $out/probe.txt"
if [ -z "$ncu" ]; then
  echo "kernel_breakdown: no ncu found: gpusort's side only"
elif [ ! -x "$build/bench/lab/gpusort_cub_kernels" ]; then
  echo "kernel_breakdown: $build/bench/lab/gpusort_cub_kernels not built: gpusort's side only"
else
  # shellcheck disable=SC2086  # sizes is a list of words
  "$ncu" --profile-from-start off --clock-control none --cache-control none \
    --metrics gpu__time_duration.sum -k 'regex:.*(DeviceRadixSort|gpusort_stream_copy).*' \
    --csv --page raw --log-file "$out/cub.csv" \
    "$build/bench/lab/gpusort_cub_kernels" --runs="${CUB_RUNS:-5}" --layouts="$layouts" $sizes \
    > "$out/cub_plan.txt" 2> "$out/cub.err"
  status=$?
  echo "kernel_breakdown: ncu gpusort_cub_kernels exit $status"
  # A wrong CUB result still gives a table: kernel_table.py --check reports it from the plan.
  if grep -q '^"ID",' "$out/cub.csv" 2>/dev/null; then
    table_inputs="$table_inputs --ncu $out/cub.csv --plan $out/cub_plan.txt"
  fi
fi
# shellcheck disable=SC2086  # table_inputs is a list of words
python3 bench/kernel_table.py --check $table_inputs -o "$out/kernels.md"
echo "kernel_breakdown: kernel_table.py exit $? -> $out/kernels.md"
