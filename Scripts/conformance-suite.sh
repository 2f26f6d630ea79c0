#!/usr/bin/env bash
# Writes the conformance suite, Conformance/suite/, from the fixtures of
# Tests/Conformance/ and the property-test generators' seeded cases, each with the
# reference engine's trace (CS-1). Run it when the fixtures, the generators or the
# engine's behaviour change, raise SuiteBuilder.version (a new suite version), review the
# diff, and regenerate the reports (Scripts/conformance-reports.sh). A test
# (ConformanceSuiteTests) fails while the files are not what this writes.
#
# Usage: Scripts/conformance-suite.sh
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --quiet --product ConformanceSuiteGenerator
"$(swift build --show-bin-path)/ConformanceSuiteGenerator" write Conformance/suite
