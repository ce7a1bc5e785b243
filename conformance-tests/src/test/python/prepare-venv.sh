#!/bin/sh
# Makes the virtual environment the Python client's scenario runs in (PythonClientTest): a venv
# with the packages the generated client's requirements.txt names, from pip's own configuration.
# Usage: prepare-venv.sh PYTHON VENV REQUIREMENTS STATUS
#
# A machine without Python, without its venv module, or where pip cannot get the packages does
# not fail the build for that alone: this script then writes the reason to STATUS, says it in
# the build's output and ends with 0, and PythonClientTest skips its tests with that reason.
# When the venv is ready, STATUS holds "ready".
python=$1
venv=$2
requirements=$3
status=$4

not_run() {
    echo "$1" > "$status"
    echo "[WARNING] The Python client scenario will not run: $1"
    exit 0
}

# One retry, not pip's five: where the package index cannot be reached at all (as on machines
# that read a local wheel store), five retries with pip's growing pauses cost a minute.
rm -f "$status"
command -v "$python" > /dev/null || not_run "there is no $python (the property python.executable) on this machine."
"$python" -m venv "$venv" || not_run "'$python -m venv $venv' failed (is Python's venv module, with ensurepip, installed?)."
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --retries 1 --requirement "$requirements" \
    || not_run "pip could not install the generated client's requirements ($requirements) into $venv."
echo ready > "$status"
