#!/usr/bin/env bash
# Mesa 25 from Debian 12's bookworm-backports, extracted into a folder, never installed: the
# system's Mesa (22.3) and apt sources stay as they are, and the tests point one run at a time at
# this copy (tests/CMakeLists.txt, GPUSORT_TEST_MESA_DIR).
#
#   .ci/mesa25.sh CACHE_DIR OUT_DIR
#
# CACHE_DIR keeps apt's lists and the downloaded .debs between runs; OUT_DIR receives the
# extracted tree (root/), the variables a run needs (env.sh to source, env.list for ctest),
# egl_vendor.json and lvp_icd.json. Running it again with
# the same .debs only extracts again. Prints the Mesa version it extracted. Needs apt-get and
# dpkg-deb (a fresh Debian 12 root has both) and deb.debian.org (GPUSORT_CI_MIRROR to change it).
# Run as root or not: apt-get download writes only to CACHE_DIR.
set -euo pipefail

if [ $# -ne 2 ]; then
  echo "usage: $0 CACHE_DIR OUT_DIR" >&2
  exit 2
fi
mkdir -p "$1" "$2"
cache="$(cd "$1" && pwd)"
out="$(cd "$2" && pwd)"
mirror="${GPUSORT_CI_MIRROR:-http://deb.debian.org/debian}"
arch="$(dpkg --print-architecture)"

# The Mesa 25 libraries and the libdrm they were built against (2.4.123; bookworm has 2.4.114).
# Everything else they load (libLLVM-15, libexpat, libzstd, libxcb, libwayland, libvulkan1) is
# bookworm's, which the test command installs with the system's Mesa; the check below says
# which library is missing where one is.
packages=(libgl1-mesa-dri libegl-mesa0 mesa-libgallium libgbm1 libglx-mesa0 mesa-vulkan-drivers
          libdrm2 libdrm-amdgpu1 libdrm-intel1 libdrm-common)

# An apt of its own: its sources list, lists, cache and an empty dpkg status, so that nothing
# of the system's apt configuration is read or changed.
apt_dir="$cache/apt"
debs="$cache/debs"
mkdir -p "$apt_dir/lists/partial" "$apt_dir/archives/partial" "$apt_dir/etc/preferences.d" "$debs"
printf 'deb %s bookworm main\ndeb %s bookworm-backports main\n' "$mirror" "$mirror" >"$apt_dir/sources.list"
: >"$apt_dir/status"
apt_options=(
  -o "Dir::Etc::SourceList=$apt_dir/sources.list" -o "Dir::Etc::SourceParts=-"
  -o "Dir::Etc::Preferences=-" -o "Dir::Etc::PreferencesParts=$apt_dir/etc/preferences.d"
  -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::State::Status=$apt_dir/status"
  -o "Dir::Cache=$apt_dir" -o "Dir::Cache::Archives=$apt_dir/archives"
  -o "APT::Architecture=$arch" -o "APT::Sandbox::User=$(id -un)"
  -o "Debug::NoLocking=true"
)

have_all_debs() {
  local package
  for package in "${packages[@]}"; do
    compgen -G "$debs/${package}_*_*.deb" >/dev/null || return 1
  done
}

if ! have_all_debs; then
  apt-get "${apt_options[@]}" -qq update
  (cd "$debs" && apt-get "${apt_options[@]}" -qq download "${packages[@]/%//bookworm-backports}")
fi
have_all_debs || { echo "$0: the .debs did not all arrive in $debs" >&2; exit 1; }

root="$out/root"
rm -rf "$root"
mkdir -p "$root"
for deb in "$debs"/*.deb; do
  dpkg-deb -x "$deb" "$root"
done

libdir="$root/usr/lib/$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)"
[ -d "$libdir" ] || libdir="$(dirname "$(find "$root/usr/lib" -name 'libEGL_mesa.so.0' | head -n 1)")"
cat >"$out/egl_vendor.json" <<EOF
{
    "file_format_version" : "1.0.0",
    "ICD" : {
        "library_path" : "$libdir/libEGL_mesa.so.0"
    }
}
EOF
lvp_json="$(find "$root/usr/share/vulkan/icd.d" -name 'lvp_icd*.json' | head -n 1)"
[ -n "$lvp_json" ] || { echo "$0: lavapipe's ICD file is not in the .debs" >&2; exit 1; }
# The packaged ICD file names the installed path; point it at the extracted library.
sed "s|\"library_path\": *\"[^\"]*\"|\"library_path\": \"$libdir/libvulkan_lvp.so\"|" "$lvp_json" >"$out/lvp_icd.json"

# The same variables twice: env.sh for a shell, env.list (NAME=VALUE lines, no expansion) for
# ctest's ENVIRONMENT (tests/CMakeLists.txt), where LD_LIBRARY_PATH holds the copy alone.
cat >"$out/env.list" <<EOF
LD_LIBRARY_PATH=$libdir
LIBGL_DRIVERS_PATH=$libdir/dri
GBM_BACKENDS_PATH=$libdir/gbm
__EGL_VENDOR_LIBRARY_FILENAMES=$out/egl_vendor.json
VK_DRIVER_FILES=$out/lvp_icd.json
VK_ICD_FILENAMES=$out/lvp_icd.json
EOF
{
  echo "export LD_LIBRARY_PATH=\"$libdir\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}\""
  grep -v '^LD_LIBRARY_PATH=' "$out/env.list" | sed 's/^\([^=]*\)=\(.*\)$/export \1="\2"/'
} >"$out/env.sh"

# Every library the drivers load must resolve, to the extracted copy where it has one.
missing="$(for so in "$libdir"/libgallium-*.so "$libdir"/libEGL_mesa.so.0 "$libdir"/libvulkan_lvp.so \
                     "$libdir"/libgbm.so.1; do
             LD_LIBRARY_PATH="$libdir" ldd "$so" | grep 'not found' || true
           done | sort -u)"
if [ -n "$missing" ]; then
  echo "$0: libraries the extracted Mesa needs and this system lacks:" >&2
  echo "$missing" >&2
  exit 1
fi

version="$(basename "$debs"/libgl1-mesa-dri_*_"$arch".deb .deb | cut -d_ -f2)"
echo "Mesa $version in $out (source $out/env.sh)"
