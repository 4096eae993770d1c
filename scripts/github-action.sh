#!/usr/bin/env bash
# The run of the GitHub Action (action.yml): one sourcegate run that writes
# annotations and the step summary (--format github), the JSON report whose
# summary gives the action's outputs, and the report in the format asked for.
# The inputs arrive in the environment (INPUT_*), never in a script's text, so
# nothing from a pull request can become a command.
#   $SOURCEGATE set: that binary runs (the action built it from its source);
#   otherwise the released image runs with docker, the workspace mounted.
set -euo pipefail

fail() {  # message…
  echo "sourcegate action: $*" >&2
  exit 2
}

# Registries take lower-case repository names (GitHub's owner names are not);
# the tag and digest stay as written.
lower_case_name() {  # image
  local name=$1 digest="" tag=""
  case $name in *@*) digest="@${name#*@}" name=${name%%@*} ;; esac
  case ${name##*/} in *:*) tag=":${name##*:}" name=${name%:*} ;; esac
  echo "${name,,}$tag$digest"
}

command=${INPUT_COMMAND:-lint}
case $command in
  lint | links | check) ;;
  *) fail "the command input is lint, links or check; got $(printf '%q' "$command")" ;;
esac
format=${INPUT_FORMAT:-json}
case $format in
  json) extension=json ;;
  sarif) extension=sarif ;;
  markdown) extension=md ;;
  github | text) extension=txt ;;
  *) fail "the format input is json, sarif, markdown, github or text; got $(printf '%q' "$format")" ;;
esac
[ -n "${GITHUB_OUTPUT:-}" ] || fail "GITHUB_OUTPUT is not set: this script runs as a step of the action"

out_dir="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/sourcegate"
mkdir -p "$out_dir"
report_json="$out_dir/report.json"
report="$out_dir/report.$extension"
rm -f "$report_json" "$report"

# Paths and extra arguments are words separated by blanks or new lines, with
# no shell quoting and no glob expansion here (sourcegate expands quoted globs
# itself).
set -f
# shellcheck disable=SC2206
paths=(${INPUT_PATHS:-})
# shellcheck disable=SC2206
extra=(${INPUT_ARGS:-})
set +f

args=("$command" --format github --report-file "json:$report_json")
[ "$format" = json ] || args+=(--report-file "$format:$report")
[ "$command" = lint ] || args+=(--progress never)
[ -z "${INPUT_POLICY:-}" ] || args+=(--policy "$INPUT_POLICY")
[ -z "${INPUT_CHANGED_SINCE:-}" ] || args+=(--changed-since "$INPUT_CHANGED_SINCE")
if [ "${INPUT_PR_BODY:-false}" = true ]; then
  case ${GITHUB_EVENT_NAME:-} in
    pull_request | pull_request_target)
      if [ "$command" != check ] || [ -z "${INPUT_CHANGED_SINCE:-}" ]; then
        fail "pr-body: true needs command: check and changed-since"
      fi
      printf '%s\n' "${PR_BODY:-}" >"$out_dir/pr-body.md"
      args+=(--pr-body "$out_dir/pr-body.md")
      ;;
  esac
fi
args+=("${extra[@]}")
[ ${#paths[@]} -eq 0 ] || args+=(-- "${paths[@]}")

if [ -n "${SOURCEGATE:-}" ]; then
  run=("$SOURCEGATE")
else
  image=${INPUT_IMAGE:-}
  if [ -z "$image" ]; then
    # The runner's checkout of a released action is …/_actions/OWNER/NAME/REF;
    # github.action_repository and action_ref are not always set inside a
    # composite action.
    case ${GITHUB_ACTION_PATH:-} in
      */_actions/*/*/*)
        ref=${GITHUB_ACTION_PATH##*/}
        repository=${GITHUB_ACTION_PATH%/*}
        repository=${repository##*/_actions/}
        ;;
      *)
        repository=${ACTION_REPOSITORY:-}
        ref=${ACTION_REF:-}
        ;;
    esac
    if [ -z "$repository" ] || [ -z "$ref" ]; then
      fail "no image to run: a local action (uses: ./) names no release; give the image input" \
        "(ghcr.io/OWNER/sourcegate:v1) or build: source"
    fi
    if [[ $ref =~ ^[0-9a-f]{40}$ ]]; then
      fail "the action is pinned to commit $ref, which names no image;" \
        "give the image input pinned by digest (ghcr.io/${repository,,}@sha256:…)"
    fi
    image="ghcr.io/$repository:$ref"
  fi
  image=$(lower_case_name "$image")
  command -v docker >/dev/null ||
    fail "docker is not available in this job (a job with container: cannot run the image);" \
      "run on a runner with docker, or give build: source"
  # The same paths inside as outside, so that annotations name the workspace's
  # files; the runner's user, so that the link cache it writes can be saved;
  # git trusts the mounted checkout, which another user owns in the image.
  run=(docker run --rm --user "$(id -u):$(id -g)" --env HOME=/tmp
    --env GITHUB_ACTIONS --env GITHUB_STEP_SUMMARY --env GITHUB_TOKEN
    --env GIT_CONFIG_COUNT=1 --env GIT_CONFIG_KEY_0=safe.directory --env GIT_CONFIG_VALUE_0='*'
    --volume "$GITHUB_WORKSPACE:$GITHUB_WORKSPACE" --volume "$out_dir:$out_dir"
    --workdir "$PWD")
  if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    summary_dir=$(dirname "$GITHUB_STEP_SUMMARY")
    run+=(--volume "$summary_dir:$summary_dir")
  fi
  run+=("$image")
fi

status=0
"${run[@]}" "${args[@]}" || status=$?

{
  echo "exit-code=$status"
  # The summary object of the tool's own JSON report, two-space indented:
  # "summary": { "entries": N, "links": N, "errors": N, "warnings": N, "notes": N, … }.
  if [ -f "$report_json" ]; then
    sed -n '/^  "summary": {$/,/^  }/s/^    "\(entries\|links\|errors\|warnings\|notes\)": \([0-9]*\),\{0,1\}$/\1=\2/p' \
      "$report_json"
    echo "report=$report"
  fi
} >>"$GITHUB_OUTPUT"

# Exit 1 is findings; 2 is a run that failed, which fail: false never hides.
if [ "$status" -eq 1 ] && [ "${INPUT_FAIL:-true}" = false ]; then
  exit 0
fi
exit "$status"
