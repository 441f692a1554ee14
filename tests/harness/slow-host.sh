#!/usr/bin/env bash
# Runs a command as it would run on a slower host of this kind: every process
# it starts (the browser, the servers, the databases it starts, the test
# workers) shares a part of the cores in a control group of its own, and the
# suite is told the slowness it stands for, so its limits stretch and its
# budget is read as on such a host (docs/testing.md).
#
#   tests/harness/slow-host.sh 2.3               # npm test, as on a host of factor 2.3
#   tests/harness/slow-host.sh 1.5 bash .ci/run  # the clean-clone run (after npm install), as on a host of factor 1.5
#
# The share: this host's cores times its own factor over the one asked for
# (2 cores of factor 1.2 hold a host of 2.3 at 2 x 1.2 / 2.3 = 1.04 cores). A
# process started before (a PostgreSQL server already running) is not held.
# Needs root and a writable cgroup file system (v2, or v1's cpu controller).
set -euo pipefail
cd "$(dirname "$0")/../.."

target="${1:-}"
if ! [[ "$target" =~ ^[0-9]+(\.[0-9]+)?$ ]]; then
  echo "usage: tests/harness/slow-host.sh FACTOR [command...]   (FACTOR: the host to stand for, e.g. 1.5 or 2.3)" >&2
  exit 2
fi
shift
if [ "$#" -eq 0 ]; then set -- npm test; fi

if [ ! -x node_modules/.bin/node ]; then
  echo "The project's Node.js is not installed here: run npm install first." >&2
  exit 1
fi
# This host's factor: the fastest of SLOW_HOST_READINGS readings (3 unless set; its test sets 1) two seconds
# apart. A host of this kind reads slower for a few seconds at a time (1.79, then 1.21 a minute later), and one
# slow reading gave a run more cores than the factor asked for stands for.
measured="$(SLOW_HOST_READINGS="${SLOW_HOST_READINGS:-3}" node_modules/.bin/node -e '
  import("./tests/harness/host-speed.ts").then(async ({ measureHostFactor }) => {
    let fastest = measureHostFactor();
    for (let i = 1; i < Number(process.env.SLOW_HOST_READINGS); i++) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      fastest = Math.min(fastest, measureHostFactor());
    }
    console.log(fastest.toFixed(2));
  })')"
cores="$(nproc)"
period=100000
quota="$(awk -v c="$cores" -v m="$measured" -v t="$target" -v p="$period" 'BEGIN { q = int(c * p * m / t); print (q < 1000 ? 1000 : q) }')"
if awk -v m="$measured" -v t="$target" 'BEGIN { exit !(t <= m) }'; then
  echo "This host measures ${measured}, as slow as ${target} or slower: the command runs as it is." >&2
  exec env TEST_HOST_FACTOR="$measured" "$@"
fi

group=""
if [ -f /sys/fs/cgroup/cgroup.controllers ]; then
  group="/sys/fs/cgroup/portfolio-slow-host-$$"
  grep -qw cpu /sys/fs/cgroup/cgroup.subtree_control || echo "+cpu" > /sys/fs/cgroup/cgroup.subtree_control
  mkdir "$group"
  echo "$quota $period" > "$group/cpu.max"
elif [ -d /sys/fs/cgroup/cpu ]; then
  group="/sys/fs/cgroup/cpu/portfolio-slow-host-$$"
  mkdir "$group"
  echo "$period" > "$group/cpu.cfs_period_us"
  echo "$quota" > "$group/cpu.cfs_quota_us"
else
  echo "No writable cgroup file system here (/sys/fs/cgroup): cannot hold the command to a share of the cores." >&2
  exit 1
fi

leave() {
  # Back to the root group, then the group goes once every process in it has ended.
  local root
  root="$(dirname "$group")"
  echo $$ > "$root/cgroup.procs" 2>/dev/null || true
  for _ in $(seq 1 50); do
    rmdir "$group" 2>/dev/null && return
    sleep 0.2
  done
  echo "The control group ${group} is still in use; remove it once its processes end." >&2
}
trap leave EXIT

echo $$ > "$group/cgroup.procs"
share="$(awk -v q="$quota" -v p="$period" 'BEGIN { printf "%.2f", q / p }')"
echo "Holding the command to ${share} of ${cores} cores: this host measures ${measured}, the run stands for ${target}." >&2
status=0
TEST_HOST_FACTOR="$target" "$@" || status=$?
exit "$status"
