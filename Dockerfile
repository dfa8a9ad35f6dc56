# Tablée: a small image that runs `tablee serve`.
#
# Build:  docker build -t tablee .
# Run:    docker run -v tablee-data:/data -v $PWD/tablee.yaml:/etc/tablee/tablee.yaml:ro \
#                    -e TABLEE_TELEGRAM_TOKEN=... tablee
#
# The binary is static (CGO_ENABLED=0): cmd/tablee's tests build it the same
# way, so a build that breaks here breaks CI too.

FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=dev
RUN CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" -o /out/tablee ./cmd/tablee \
 && mkdir -p /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/tablee /usr/local/bin/tablee
# The data directory (the bbolt file) is a volume owned by the non-root
# user, so games survive the container; the configuration says
# `data_dir: /data`.
COPY --from=build --chown=65532:65532 /out/data /data
VOLUME ["/data"]
USER nonroot:nonroot
ENTRYPOINT ["/usr/local/bin/tablee"]
CMD ["serve", "--config", "/etc/tablee/tablee.yaml"]
