package scenes

import (
	"errors"

	"holotable/ops"
	"holotable/table"
)

func init() {
	RegisterStrings(map[string][2]string{
		"job.import": {"importing the table", "Tisch wird importiert"},
	})
}

// importJob imports a table file in four steps, a tick each: read and check the file (the
// loader's full check), submit it as an undoable op and fit the view to it (the table is drawn
// afresh once, in that tick's frame), save the game for the autosave (the browser's storage takes
// the whole record), then build the rules world of the new table. Where the units stand is asked
// over the ticks after that (standing.go). A refusal at any step leaves the table as it was.
// (Issue 18: no tick of an import of the largest file holds the page; D80.)
func (s *TableScene) importJob(data []byte) *Job {
	if isGridTable(data) {
		return s.gridImportJob(data) // swm_commands.go
	}
	var f *table.File
	return &Job{
		what: "job.import",
		steps: []func() error{
			func() error {
				var err error
				if f, err = table.Load(data); err != nil {
					return errors.New(T("import.refused", errText(err)))
				}
				data = nil
				return nil
			},
			func() error {
				s.doc.holdSave = true
				err := s.doc.Submit(ops.ImportLoaded(f))
				s.doc.holdSave = false
				if err != nil {
					return errors.New(T("import.refused", errText(err)))
				}
				// What the app says after this step (a full storage lost the autosave) stays.
				s.setPreview(nil, nil)
				s.message = ""
				s.grid = nil
				s.fit()
				return nil
			},
			func() error {
				s.doc.saveHeld()
				return nil
			},
			func() error {
				s.doc.World()
				return nil
			},
		},
	}
}
