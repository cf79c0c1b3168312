# Prints the tests that a Swift Testing log shows as started and not finished: what a run
# that had to be stopped was still waiting for.
#
#   awk -f .ci/unfinished-tests.awk .ci-test.log
/^◇ Test .* started\.$/ {
    name = $0
    sub(/^◇ Test /, "", name)
    sub(/ started\.$/, "", name)
    if (name != "run") running[name] = NR
}
/^[✔✘] Test .* (passed|failed) after / {
    name = $0
    sub(/^[✔✘] Test /, "", name)
    sub(/ (with [0-9]+ test cases? )?(passed|failed) after .*$/, "", name)
    delete running[name]
}
END {
    for (name in running) print "still running: " name " (started at line " running[name] ")"
}
