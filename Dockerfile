# Untested here (this machine has no container engine); kept minimal and conventional.
# Build: docker build -t tenant-screening .    Run with PostgreSQL: docker compose up
FROM maven:3.9-eclipse-temurin-17 AS build
RUN apt-get update && apt-get install -y --no-install-recommends nodejs npm && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN ./mvnw -B -q -DskipTests package

FROM eclipse-temurin:17-jre
RUN useradd --system --uid 10001 --home-dir /app screening && apt-get update \
    && apt-get install -y --no-install-recommends curl && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /src/server-impl/target/server-impl-1.0.0-SNAPSHOT-all.jar /app/service.jar
COPY jvm.options /app/jvm.options
USER screening
ENV PORT=8080 MALLOC_ARENA_MAX=2
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s CMD curl -fsS "http://127.0.0.1:${PORT}/health/readiness" >/dev/null || exit 1
ENTRYPOINT ["sh", "-c", "exec java $(cat /app/jvm.options) -jar /app/service.jar \"$@\"", "service"]
