#!/usr/bin/env python3
"""Sums Spark's task metrics in event logs, split into FlexCode's iteration jobs (job description
starting "FlexCode ") and all other jobs: tasks, executor deserialize CPU (the task's binary read
back), executor CPU and run time.

Usage: task-cpu-by-job.py EVENT_LOG_DIR [EVENT_LOG_DIR ...]

Event logs come from any run with spark.eventLog.enabled=true, e.g. a test class:
  ./mvnw -o -pl flexcode-core,spark-ext test -Dtest=FlexCodeLinearSVCTest \
    "-Dflexcode.test.jvmArgs=-Dspark.eventLog.enabled=true -Dspark.eventLog.dir=/tmp/ev"
"""
import collections
import glob
import json
import sys


def summarize(directory):
    kind_of_stage = {}
    sums = collections.defaultdict(lambda: [0, 0.0, 0.0, 0])
    for path in sorted(glob.glob(directory + "/*")):
        with open(path) as log:
            for line in log:
                event = json.loads(line)
                name = event.get("Event")
                if name == "SparkListenerJobStart":
                    description = (event.get("Properties") or {}).get("spark.job.description") or ""
                    kind = "flexcode iteration" if description.startswith("FlexCode ") else "other"
                    for stage in event["Stage IDs"]:
                        kind_of_stage[stage] = kind
                elif name == "SparkListenerTaskEnd":
                    metrics = event.get("Task Metrics") or {}
                    row = sums[kind_of_stage.get(event["Stage ID"], "other")]
                    row[0] += 1
                    row[1] += metrics.get("Executor Deserialize CPU Time", 0) / 1e6
                    row[2] += metrics.get("Executor CPU Time", 0) / 1e6
                    row[3] += metrics.get("Executor Run Time", 0)
    print(directory)
    for kind, (tasks, deserialize, cpu, run) in sorted(sums.items()):
        print(
            f"  {kind:18s} tasks {tasks:6d}  deserialize CPU {deserialize:8.0f} ms"
            f" ({deserialize / tasks:.2f} per task)  run CPU {cpu:8.0f} ms  run {run} ms"
        )


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for directory in sys.argv[1:]:
        summarize(directory)
