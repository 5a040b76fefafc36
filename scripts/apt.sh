# Sourced by the scripts that install Debian packages (test.sh, wasm.sh).
# apt_install WHY PACKAGE…: installs them (with sudo unless root); the
# package lists are only fetched when the install fails without them.
apt_install() {
    local why="$1"
    shift
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        sudo="sudo"
    fi
    echo "${0##*/}: installing $* ($why)" >&2
    local install=(env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@")
    if ! $sudo "${install[@]}" >/dev/null; then
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
        $sudo "${install[@]}" >/dev/null
    fi
}
