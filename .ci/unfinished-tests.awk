# Prints the tests that a Swift Testing log shows as started and not finished: what a run
# that had to be stopped was still waiting for.
#
#   awk -f .ci/unfinished-tests.awk .ci-test.log
#
# A test's line may follow another process's output on the same line (the example server logs
# to standard error while the tests print to standard output), so a line is matched anywhere.
# An argument's case prints a start and no end of its own: its test's end covers it.
/◇ Test .* started\.$/ {
    name = substr($0, index($0, "◇ Test ") + length("◇ Test "))
    sub(/ started\.$/, "", name)
    if (name != "run" && name !~ /^case passing /) running[name] = NR
}
/[✔✘] Test .* (passed|failed) after / {
    name = $0
    sub(/^.*[✔✘] Test /, "", name)
    sub(/ (with [0-9]+ test cases? )?(passed|failed) after .*$/, "", name)
    delete running[name]
}
END {
    for (name in running) print "still running: " name " (started at line " running[name] ")"
}
