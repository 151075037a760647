# Sourced by benchmark scripts: `measure COMMAND...` runs COMMAND $runs times (default 3)
# under /usr/bin/time and sets wall and cpu (user + system; the least of the runs) and
# rss_mb (the largest peak resident set); stdout is dropped, stderr shown on failure.
# Uses $work for its scratch files.
measure() {
  local i w u s m c timing="$work/time.txt"
  wall= cpu= rss_mb=0
  for ((i = 0; i < ${runs:-3}; i++)); do
    /usr/bin/time -o "$timing" -f "%e %U %S %M" "$@" >/dev/null 2>"$work/stderr.txt" ||
      { cat "$work/stderr.txt" >&2; exit 2; }
    read -r w u s m < <(tail -1 "$timing")
    c=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
    if [[ -z $wall ]] || awk -v a="$w" -v b="$wall" 'BEGIN { exit !(a < b) }'; then wall=$w; fi
    if [[ -z $cpu ]] || awk -v a="$c" -v b="$cpu" 'BEGIN { exit !(a < b) }'; then cpu=$c; fi
    if ((m / 1024 > rss_mb)); then rss_mb=$((m / 1024)); fi
  done
  rm -f "$timing" "$work/stderr.txt"
}

# keep_best KEY RSS: after one run of KEY's command (wall and cpu as measure sets them), the
# least wall and CPU time of KEY so far in best_wall[KEY] and best_cpu[KEY], its largest
# peak RSS in most_rss[KEY] (associative arrays the caller declares): for benchmarks that
# run their commands in turn, run after run, so that a changing load falls on each alike.
keep_best() {
  local key=$1 rss=$2
  if [[ -z ${best_cpu[$key]:-} ]] || awk -v a="$cpu" -v b="${best_cpu[$key]}" 'BEGIN { exit !(a < b) }'; then
    best_cpu[$key]=$cpu
  fi
  if [[ -z ${best_wall[$key]:-} ]] || awk -v a="$wall" -v b="${best_wall[$key]}" 'BEGIN { exit !(a < b) }'; then
    best_wall[$key]=$wall
  fi
  if ((rss > ${most_rss[$key]:-0})); then most_rss[$key]=$rss; fi
}
