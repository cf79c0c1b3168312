# Sorts the thread sanitizer's reports in a log into Apogee's and its dependencies'.
#
#   awk -v root="$PWD" -f .ci/tsan-reports.awk .ci-tsan.log
#
# A data race is a dependency's when both of its accesses happen in a dependency's code (a
# package under the scratch path's checkouts, or the toolchain's libraries): the instruction
# that races is where the synchronisation is missing, and Apogee cannot add it there. Such a
# report is counted and named, and the whole report stays in the log above. Every other report
# is Apogee's and fails the stage: a race with one access in the project's Sources or Tests, and
# any report that is not a data race (a lock-order inversion, a use after free, a signal handler
# that is not async-signal-safe, …). The exit status is 1 when Apogee has a report.

function owner_of(frame,    path) {
    # "#3 symbol /path/to/File.swift:12:5 (module+0x…)"; thunks have no path of their own.
    if (frame ~ /<compiler-generated>|<null>/) return ""
    if (match(frame, / \/[^ ]+:[0-9]+/)) {
        path = substr(frame, RSTART + 1, RLENGTH - 1)
        if (index(path, root "/") == 1 && index(path, "/checkouts/") == 0 && index(path, "/.build") == 0) return "apogee"
        return "dependency"
    }
    # A frame in a shared library without line information: the Swift runtime, libdispatch, libc.
    if (frame ~ /\(lib[^ ]*\.so/) return "dependency"
    return ""
}

function finish_report() {
    if (!in_report) return
    if (access_owner[1] == "") access_owner[1] = "apogee"
    if (accesses >= 2 && access_owner[2] == "") access_owner[2] = "apogee"
    ours = kind != "data race" || access_owner[1] == "apogee" || (accesses >= 2 && access_owner[2] == "apogee")
    if (ours) {
        apogee++
        print "Apogee's report: " kind " (" summary ")"
    } else {
        dependency++
        print "A dependency's report, both accesses in its code: " summary
    }
    in_report = 0
}

/WARNING: ThreadSanitizer: / {
    finish_report()
    in_report = 1
    kind = $0
    sub(/.*WARNING: ThreadSanitizer: /, "", kind)
    sub(/ \(pid=.*/, "", kind)
    accesses = 0
    looking = 0
    delete access_owner
    summary = "no summary line"
    next
}

in_report && /^  (Previous )?([Aa]tomic )?([Rr]ead|[Ww]rite) of size/ {
    accesses++
    access_owner[accesses] = ""
    looking = 1
    next
}

in_report && looking && /^ +#[0-9]+ / {
    owner = owner_of($0)
    if (owner != "") {
        access_owner[accesses] = owner
        looking = 0
    }
    next
}

in_report && /^ *$/ { looking = 0; next }

in_report && /^SUMMARY: ThreadSanitizer: / {
    summary = $0
    sub(/^SUMMARY: ThreadSanitizer: /, "", summary)
    finish_report()
    next
}

END {
    finish_report()
    printf "Thread sanitizer: %d report(s) in Apogee's code, %d inside dependencies only.\n", apogee, dependency
    exit (apogee > 0 ? 1 : 0)
}
