package scenes

import (
	"encoding/json"
	"strings"
	"testing"

	"holotable/maps"
)

// TestImportInSteps: the page's import is a job of three steps (read and check, submit, build the
// world), the table unchanged until the second; a file refused at the first step changes nothing;
// Command runs the same job at once.
func TestImportInSteps(t *testing.T) {
	s := NewTableScene("test", testDoc())
	arg, _ := json.Marshal(string(maps.Skirmish()))
	rev, before := s.Doc().Rev(), string(s.Doc().JSON())

	out, job, err := s.Begin("import", arg)
	if err != nil || job == nil || out != nil {
		t.Fatalf("Begin(import): %v, job %v, out %v", err, job, out)
	}
	if st := job.State(); st.Done != 0 || st.Steps != 3 || st.What != "importing the table" {
		t.Errorf("a new job's state: %+v", st)
	}
	for k, wantRev := range []int{rev, rev + 1, rev + 1} {
		done, err := s.StepJob(job)
		if err != nil || done != (k == 2) {
			t.Fatalf("step %d: done %v, err %v", k+1, done, err)
		}
		if s.Doc().Rev() != wantRev {
			t.Errorf("after step %d: rev %d, want %d", k+1, s.Doc().Rev(), wantRev)
		}
		if st := job.State(); st.Done != k+1 {
			t.Errorf("after step %d: the state says %d done", k+1, st.Done)
		}
	}
	if s.Doc().UndoLabel() != "import" || string(s.Doc().JSON()) == before {
		t.Errorf("after the job: undo %q, table changed %v", s.Doc().UndoLabel(), string(s.Doc().JSON()) != before)
	}

	// A refusal at the first step: the job ends there and nothing changes.
	rev, before = s.Doc().Rev(), string(s.Doc().JSON())
	_, job, err = s.Begin("import", json.RawMessage(`"{\"format\": \"holotable/1\"}"`))
	if err != nil || job == nil {
		t.Fatalf("Begin(a bad file): %v", err)
	}
	done, err := s.StepJob(job)
	if !done || err == nil || !strings.HasPrefix(err.Error(), "import refused, table unchanged: ") {
		t.Errorf("a bad file's first step: done %v, err %v", done, err)
	}
	if s.Doc().Rev() != rev || string(s.Doc().JSON()) != before || s.message != err.Error() || job.Result() != nil {
		t.Errorf("a refused import changed the table or did not say why (message %q)", s.message)
	}

	// A command that is not stepped runs at once; Command runs a stepped one to its end.
	if out, job, err := s.Begin("fit", nil); err != nil || job != nil || out != nil {
		t.Errorf("Begin(fit): %v %v %v", out, job, err)
	}
	if _, err := s.Command("undo", nil); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Command("import", arg); err != nil || s.Doc().UndoLabel() != "import" {
		t.Errorf("Command(import): %v, undo %q", err, s.Doc().UndoLabel())
	}
}
