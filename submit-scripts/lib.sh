# Shared by the submit scripts: the Spark build to use, the JVM flags Spark needs on Java 17, and
# the Maven-resolved class path (built once, rebuilt when the sources are newer than the jar).
# Sourced, not run. Sets: root, scala, spark_minor, build, jar, core_build, bench_build, bench_jar,
# java_opts;
# defines flexcode_classpath, bench_classpath, bench_jars and local_cluster_env.

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
profile="${FLEXCODE_PROFILE:-}"
if [ "$profile" = "spark-4" ]; then scala=2.13; spark_minor=4.2; else scala=2.12; spark_minor=3.5; fi
build="$root/spark-ext/target/scala-${scala}"
# The library's jar: spark-ext's classes and flexcode-core's (shaded in), the one jar users deploy.
jar="$build/flexcode-spark_${scala}-0.1.0-SNAPSHOT.jar"
# flexcode-core (plain Java, the same for both Spark builds), built with spark-ext.
core_build="$root/flexcode-core/target"
# The benchmarks' own jar (module flexcode-bench), which needs the library's jar beside it.
bench_build="$root/flexcode-bench/target/scala-${scala}"
bench_jar="$bench_build/flexcode-bench_${scala}-0.1.0-SNAPSHOT.jar"

java_opts="-XX:+IgnoreUnrecognizedVMOptions --add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.lang.invoke=ALL-UNNAMED --add-opens=java.base/java.lang.reflect=ALL-UNNAMED --add-opens=java.base/java.io=ALL-UNNAMED --add-opens=java.base/java.net=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.util.concurrent=ALL-UNNAMED --add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED --add-opens=java.base/jdk.internal.ref=ALL-UNNAMED --add-opens=java.base/sun.nio.ch=ALL-UNNAMED --add-opens=java.base/sun.nio.cs=ALL-UNNAMED --add-opens=java.base/sun.security.action=ALL-UNNAMED --add-opens=java.base/sun.util.calendar=ALL-UNNAMED --add-opens=java.security.jgss/sun.security.krb5=ALL-UNNAMED -Djdk.reflect.useDirectMethodHandle=false"
if [ "$profile" = "spark-4" ]; then
  # Spark 4.2's JavaModuleOptions adds these (and a flag for Java 23 and later).
  java_opts="$java_opts --add-modules=jdk.incubator.vector -Dio.netty.tryReflectionSetAccessible=true -Dio.netty.allocator.type=pooled -Dio.netty.handler.ssl.defaultEndpointVerificationAlgorithm=NONE --enable-native-access=ALL-UNNAMED"
fi

# Prints the class path of the jar's runtime (Spark included): $FLEXCODE_CLASSPATH when set,
# otherwise the jar plus its Maven dependencies, building them first (flexcode-core and spark-ext)
# when needed. flexcode-core's own jar is left out: the library's jar carries its classes.
flexcode_classpath() {
  if [ -n "${FLEXCODE_CLASSPATH:-}" ]; then
    printf '%s' "$FLEXCODE_CLASSPATH"
    return
  fi
  local cpfile="$build/runtime-classpath.txt"
  if [ ! -f "$jar" ] || [ ! -s "$cpfile" ] \
      || [ -n "$(find "$root/spark-ext/src/main" "$root/flexcode-core/src/main" -newer "$jar" -print -quit)" ]; then
    echo "flexcode: building $(basename "$jar") ..." >&2
    local profile_args=()
    [ -n "$profile" ] && profile_args=(-P "$profile")
    # A relative outputFile is each module's own: spark-ext's (and flexcode-core's) class path.
    (cd "$root" && ./mvnw -B -q "${profile_args[@]}" -DskipTests -Dspotless.check.skip=true package \
        dependency:build-classpath -Dmdep.includeScope=compile -DexcludeArtifactIds=flexcode-core \
        -Dmdep.outputFile="target/scala-${scala}/runtime-classpath.txt" -pl spark-ext -am) >&2
  fi
  printf '%s:%s' "$jar" "$(cat "$cpfile")"
}

# Prints the class path of the bench's runtime: $FLEXCODE_CLASSPATH when set (it must then hold the
# bench's classes too), otherwise the bench jar plus its Maven dependencies (the library's jar,
# Spark, xchart), building the modules first when a jar is missing or older than the sources.
# flexcode-core's own jar is left out, as in flexcode_classpath.
bench_classpath() {
  if [ -n "${FLEXCODE_CLASSPATH:-}" ]; then
    printf '%s' "$FLEXCODE_CLASSPATH"
    return
  fi
  local cpfile="$bench_build/runtime-classpath.txt"
  if [ ! -f "$bench_jar" ] || [ ! -f "$jar" ] || [ ! -s "$cpfile" ] || [ ! -s "$build/runtime-classpath.txt" ] \
      || [ -n "$(find "$root/spark-ext/src/main" "$root/flexcode-core/src/main" "$root/flexcode-bench/src/main" \
             -newer "$bench_jar" -print -quit)" ]; then
    echo "flexcode: building $(basename "$jar") and $(basename "$bench_jar") ..." >&2
    local profile_args=()
    [ -n "$profile" ] && profile_args=(-P "$profile")
    # A relative outputFile is each module's own: spark-ext's and flexcode-bench's class paths.
    (cd "$root" && ./mvnw -B -q "${profile_args[@]}" -DskipTests -Dspotless.check.skip=true package \
        dependency:build-classpath -Dmdep.includeScope=compile -DexcludeArtifactIds=flexcode-core \
        -Dmdep.outputFile="target/scala-${scala}/runtime-classpath.txt" -pl flexcode-bench -am) >&2
  fi
  printf '%s:%s' "$bench_jar" "$(cat "$cpfile")"
}

# Prints, comma-separated, the jars the bench needs beyond Spark's (the library's jar, xchart and
# its dependencies): what spark-submit's --jars must add. Call after bench_classpath.
bench_jars() {
  local spark_cp="$build/runtime-classpath.txt" entry jars=()
  IFS=':' read -r -a entries <<< "$(cat "$bench_build/runtime-classpath.txt")"
  for entry in "${entries[@]}"; do
    case "$entry" in *-tests.jar) continue ;; esac
    case ":$(cat "$spark_cp"):" in *":$entry:"*) ;; *) jars+=("$entry") ;; esac
  done
  (IFS=','; printf '%s' "${jars[*]}")
}

# local-cluster[...] masters launch executor JVMs: they need SPARK_HOME/jars and the Scala version.
# Exports both, SPARK_HOME defaulting to a folder in the build.
local_cluster_env() {
  export SPARK_HOME="${SPARK_HOME:-$build/spark-home}"
  mkdir -p "$SPARK_HOME/jars" 2>/dev/null || true
  export SPARK_SCALA_VERSION="${SPARK_SCALA_VERSION:-$scala}"
}
