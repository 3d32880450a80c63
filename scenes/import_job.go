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

// importJob imports a table file in three steps, a tick each: read and check the file (the
// loader's full check), submit it as an undoable op (the op's own check and the autosave), then
// build the rules world of the new table and fit the view. The table layer is drawn afresh in the
// frame after. A refusal at any step leaves the table as it was.
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
				if err := s.doc.Submit(ops.ImportLoaded(f)); err != nil {
					return errors.New(T("import.refused", errText(err)))
				}
				// What the app says after this step (a full storage lost the autosave) stays.
				s.setPreview(nil, nil)
				s.message = ""
				s.grid = nil
				return nil
			},
			func() error {
				s.doc.World()
				s.fit()
				return nil
			},
		},
	}
}
