#!/usr/bin/env bash
# Install the table companion on Raspberry Pi OS Bookworm (64-bit) as a system service.
#
#   sudo systemd/install.sh            # from a checkout of the repository
#   systemd/install.sh --dry-run       # print the steps, change nothing (no root needed)
#
# Options: --dry-run, --spi (also enable SPI and install spidev for an SPI OLED),
#          --no-start (enable the service but do not start it now), --src DIR.
# Safe to run again: every step checks before it changes anything. See docs/install.md.
# Runs unattended: apt asks nothing and waits (up to 10 min) for an apt run in progress
# (unattended-upgrades on a fresh Pi); PyPI packages are pinned (systemd/constraints*.txt).
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
APT_WAIT=600

PREFIX=/opt/companion
VENV="$PREFIX/venv"
CONF_DIR=/etc/companion
CONF="$CONF_DIR/config.toml"
UNIT_DEST=/etc/systemd/system/companion.service
SVC_USER=companion
GROUPS_WANTED=(gpio i2c spi video)
APT_PACKAGES=(python3-venv python3-pip python3-picamera2 python3-lgpio fonts-dejavu-core i2c-tools)
SRC="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
DRY=0
SPI=0
START=1

while [ $# -gt 0 ]; do
    case "$1" in
        --dry-run|-n) DRY=1 ;;
        --spi) SPI=1 ;;
        --no-start) START=0 ;;
        --src)
            if [ $# -lt 2 ] || [ -z "$2" ]; then
                echo "install.sh: --src needs a folder: --src DIR" >&2; exit 2
            fi
            SRC="$2"; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "install.sh: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
if [ "$SPI" = 1 ]; then APT_PACKAGES+=(python3-spidev python3-rpi-lgpio); fi

step() { printf '\n== %s\n' "$*"; }
run() {
    printf '+ %s\n' "$*"
    if [ "$DRY" = 0 ]; then "$@"; fi
}

# 64-bit Raspberry Pi OS only: the userland's architecture (a 32-bit Pi OS may run a
# 64-bit kernel, so not uname -m), since PyPI has no OpenCV or numpy wheels for armhf.
ARCH="$(dpkg --print-architecture 2>/dev/null || uname -m)"
case "$ARCH" in
    arm64|aarch64) ;;
    armhf|armel|armv6l|armv7l)
        WHY="this is a 32-bit system ($ARCH): install the 64-bit Raspberry Pi OS (Bookworm), for which OpenCV and numpy have wheels" ;;
    *)
        WHY="this is not a Raspberry Pi ($ARCH, not ARM): run the companion here as the simulator (docs/install.md), not as a service" ;;
esac
if [ -n "${WHY:-}" ]; then
    if [ "$DRY" = 0 ]; then echo "install.sh: $WHY" >&2; exit 1; fi
    echo "(note: a real install would stop here: $WHY)"
fi

if [ "$DRY" = 0 ] && [ "$(id -u)" != 0 ]; then
    echo "install.sh: run as root (sudo), or with --dry-run to see the steps" >&2
    exit 1
fi
if [ ! -f "$SRC/pyproject.toml" ] || [ ! -f "$SRC/systemd/companion.service" ]; then
    echo "install.sh: $SRC is not a companion checkout (use --src DIR)" >&2
    exit 1
fi
if [ -r /etc/os-release ]; then
    . /etc/os-release
    if [ "${VERSION_CODENAME:-}" != bookworm ]; then
        echo "install.sh: note: written for Bookworm, this is ${PRETTY_NAME:-unknown}" >&2
    fi
fi
if [ "$DRY" = 1 ]; then echo "(dry run: nothing is changed)"; fi

step "1/7 apt packages: ${APT_PACKAGES[*]}"
# install waits for dpkg's lock itself (DPkg::Lock::Timeout); update takes the lists'
# lock, which that does not cover: it is tried again every 10 s while another apt runs
apt_update() {
    local waited=0
    until run apt-get -o DPkg::Lock::Timeout=$APT_WAIT update; do
        if [ "$waited" -ge "$APT_WAIT" ]; then
            echo "install.sh: apt-get update failed for $APT_WAIT s (another apt running?)" >&2
            exit 1
        fi
        echo "install.sh: apt is busy (or the network down): trying again in 10 s" >&2
        sleep 10; waited=$((waited + 10))
    done
}
apt_update
run apt-get -o DPkg::Lock::Timeout=$APT_WAIT install -y --no-install-recommends "${APT_PACKAGES[@]}"

if [ "$SPI" = 1 ]; then step "2/7 enable I2C and SPI"; else step "2/7 enable I2C"; fi
if command -v raspi-config >/dev/null 2>&1 || [ "$DRY" = 1 ]; then
    run raspi-config nonint do_i2c 0          # 0 = enable
    if [ "$SPI" = 1 ]; then run raspi-config nonint do_spi 0; fi
else
    echo "raspi-config not found: enable I2C by hand (dtparam=i2c_arm=on in /boot/firmware/config.txt)"
fi

step "3/7 user $SVC_USER in groups ${GROUPS_WANTED[*]}"
for g in "${GROUPS_WANTED[@]}"; do
    getent group "$g" >/dev/null || run groupadd --system "$g"
done
if ! id -u "$SVC_USER" >/dev/null 2>&1; then
    run useradd --system --no-create-home --home-dir /var/lib/companion \
        --shell /usr/sbin/nologin --user-group "$SVC_USER"
fi
run usermod -a -G "$(IFS=,; echo "${GROUPS_WANTED[*]}")" "$SVC_USER"

step "4/7 virtual environment $VENV (--system-site-packages, for picamera2 and lgpio from apt)"
run install -d -m 0755 "$PREFIX"
if [ ! -x "$VENV/bin/python" ]; then
    run python3 -m venv --system-site-packages "$VENV"
fi

step "5/7 the package from $SRC"
# apt's picamera2 imports simplejpeg, built against the system's numpy: Bookworm's is
# 1.24, and numpy 2 in the venv breaks it ("numpy.dtype size changed", picamera2
# #1088), so the camera would be lost. The venv keeps the system numpy's major version
# (then pip takes an OpenCV 4 that works with it; vision reads with either).
NUMPY_PIN=(-c "$SRC/systemd/constraints-numpy2.txt")
if [ "$(python3 -c 'import numpy; print(numpy.__version__.split(".")[0])' 2>/dev/null)" = 1 ]; then
    NUMPY_PIN=(-c "$SRC/systemd/constraints-numpy1.txt" "numpy<2")
fi
# pip builds in the checkout (build/, *.egg-info): left from an older version they would
# install files since deleted, and root's copies would stay in the user's checkout
run rm -rf "$SRC/build" "$SRC/table_companion.egg-info"
run "$VENV/bin/pip" install --upgrade -c "$SRC/systemd/constraints.txt" "${NUMPY_PIN[@]}" "$SRC"
run rm -rf "$SRC/build" "$SRC/table_companion.egg-info"
if [ "$DRY" = 0 ] && python3 -c 'import picamera2' >/dev/null 2>&1 \
        && ! "$VENV/bin/python" -c 'import picamera2' >/dev/null 2>&1; then
    "$VENV/bin/python" -c 'import picamera2' || true
    echo "install.sh: picamera2 imports in the system Python but not in $VENV (above):" \
         "the Pi camera would not work" >&2
    exit 1
fi
run ln -sf "$VENV/bin/companion" /usr/local/bin/companion
run install -d -m 0755 "$PREFIX/docs"
run install -m 0644 "$SRC/docs/install.md" "$SRC/docs/hardware.md" "$SRC/docs/config.md" "$PREFIX/docs/"
if [ "$DRY" = 1 ] || ! "$VENV/bin/python" -c 'import lgpio' >/dev/null 2>&1; then
    # apt's python3-lgpio is preferred; pin >=0.2.2: older glibc gets an EMPTY 0.0.0.2 wheel
    run "$VENV/bin/pip" install -c "$SRC/systemd/constraints.txt" 'lgpio>=0.2.2'
fi

step "6/7 config $CONF (kept if present)"
run install -d -m 0755 "$CONF_DIR"
if [ ! -e "$CONF" ]; then
    run install -m 0644 "$SRC/docs/config.example.toml" "$CONF"
else
    echo "kept the existing $CONF"
fi
run "$VENV/bin/companion" config --check --config "$CONF"

step "7/7 service $UNIT_DEST"
run install -m 0644 "$SRC/systemd/companion.service" "$UNIT_DEST"
run systemctl daemon-reload
run systemctl enable companion.service
if [ "$START" = 1 ]; then
    run systemctl restart companion.service
fi

cat <<EOF

Done. Next:
  sudo systemctl stop companion                  # doctor needs the pins and camera
  sudo -u $SVC_USER companion doctor             # what works, what to fix, as the service sees it
  sudo systemctl start companion
  journalctl -u companion -f                     # the service's log
A reboot is needed once if I2C was just enabled and /dev/i2c-1 is missing.
EOF
