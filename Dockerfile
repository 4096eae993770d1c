# The sourcegate image: built on Debian 12 by the project's own scripts, run on a slim
# Debian 12 holding only the package's dependencies.
#   docker build -t sourcegate .
#   docker run --rm -v "$PWD:/repo" sourcegate lint README.md
# The bases are arguments so that a mirror, a digest or a locally made base can be used:
#   --build-arg BUILD_BASE=debian:12@sha256:… --build-arg RUN_BASE=debian:12-slim@sha256:…
ARG BUILD_BASE=debian:12
ARG RUN_BASE=debian:12-slim

FROM ${BUILD_BASE} AS build
WORKDIR /src
# The packages first, in a layer of their own that a source change does not invalidate.
COPY scripts/dev.sh scripts/dev.sh
RUN scripts/dev.sh deb-deps && rm -rf /var/lib/apt/lists/*
COPY . .
# The package, by the recipe the release's .deb is made with: the run stage installs
# it, so the image holds the dependencies dpkg-shlibdeps computed and nothing else.
# The compiler cache outlives the build, so a rebuild after a small change is quick.
ENV CCACHE_DIR=/ccache
RUN --mount=type=cache,target=/ccache \
    scripts/dev.sh deb && cp build/tool/sourcegate_*.deb /sourcegate.deb

FROM ${RUN_BASE}
COPY --from=build /sourcegate.deb /tmp/sourcegate.deb
# git: `check --changed-since` asks git what changed; ca-certificates: `links` verifies TLS.
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      /tmp/sourcegate.deb git ca-certificates >/dev/null \
 && rm -rf /var/lib/apt/lists/* /tmp/sourcegate.deb \
 && sourcegate --version
# The checkout mounted in belongs to another user (the runner, or whoever runs
# `docker run -v`); git refuses such a repository unless told it is safe.
RUN git config --system --add safe.directory '*'
# uid 1001 is the user of GitHub's hosted runners, who owns /github/workspace and
# the step summary file, so a Docker action can read the tree and write its reports.
RUN useradd --uid 1001 --user-group --create-home --shell /usr/sbin/nologin sourcegate
USER sourcegate
WORKDIR /repo
ENTRYPOINT ["sourcegate"]
CMD ["--help"]
