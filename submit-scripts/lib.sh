# Shared by the submit scripts: the Spark build to use, the JVM flags Spark needs on Java 17, and
# the Maven-resolved class path (built once, rebuilt when the sources are newer than the jar).
# Sourced, not run. Sets: root, scala, spark_minor, build, jar, java_opts; defines
# flexcode_classpath.

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
profile="${FLEXCODE_PROFILE:-}"
if [ "$profile" = "spark-4" ]; then scala=2.13; spark_minor=4.1; else scala=2.12; spark_minor=3.5; fi
build="$root/spark-ext/target/scala-${scala}"
jar="$build/flexcode-spark_${scala}-0.1.0-SNAPSHOT.jar"

java_opts="-XX:+IgnoreUnrecognizedVMOptions --add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.lang.invoke=ALL-UNNAMED --add-opens=java.base/java.lang.reflect=ALL-UNNAMED --add-opens=java.base/java.io=ALL-UNNAMED --add-opens=java.base/java.net=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.util.concurrent=ALL-UNNAMED --add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED --add-opens=java.base/jdk.internal.ref=ALL-UNNAMED --add-opens=java.base/sun.nio.ch=ALL-UNNAMED --add-opens=java.base/sun.nio.cs=ALL-UNNAMED --add-opens=java.base/sun.security.action=ALL-UNNAMED --add-opens=java.base/sun.util.calendar=ALL-UNNAMED --add-opens=java.security.jgss/sun.security.krb5=ALL-UNNAMED -Djdk.reflect.useDirectMethodHandle=false"
if [ "$profile" = "spark-4" ]; then
  # Spark 4.1's JavaModuleOptions adds these.
  java_opts="$java_opts --add-modules=jdk.incubator.vector -Dio.netty.tryReflectionSetAccessible=true -Dio.netty.allocator.type=pooled -Dio.netty.handler.ssl.defaultEndpointVerificationAlgorithm=NONE --enable-native-access=ALL-UNNAMED"
fi

# Prints the class path of the jar's runtime (Spark included): $FLEXCODE_CLASSPATH when set,
# otherwise the jar plus its Maven dependencies, building them first when needed.
flexcode_classpath() {
  if [ -n "${FLEXCODE_CLASSPATH:-}" ]; then
    printf '%s' "$FLEXCODE_CLASSPATH"
    return
  fi
  local cpfile="$build/runtime-classpath.txt"
  if [ ! -f "$jar" ] || [ ! -s "$cpfile" ] || [ -n "$(find "$root/spark-ext/src/main" -newer "$jar" -print -quit)" ]; then
    echo "flexcode: building $(basename "$jar") ..." >&2
    local profile_args=()
    [ -n "$profile" ] && profile_args=(-P "$profile")
    (cd "$root" && ./mvnw -B -q "${profile_args[@]}" -DskipTests -Dspotless.check.skip=true package \
        dependency:build-classpath -Dmdep.includeScope=compile -Dmdep.outputFile="$cpfile" -pl spark-ext) >&2
  fi
  printf '%s:%s' "$jar" "$(cat "$cpfile")"
}
