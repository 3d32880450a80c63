package scenes

import (
	"fmt"
	"time"
)

// A Job is a command whose work is done in steps, one per tick, so that the page keeps drawing and
// answering between them (issue 18: an import within the limits never holds the page for more than
// 2 s). The app runs one step per Update and replies to the page when the last step is done; the
// state snapshot shows the job's progress meanwhile. Commands run by Command (tests, other
// commands) run all their steps at once.
//
// A job's steps must leave the document unchanged until the step that changes it, so that a
// refusal at any step changes nothing.
type Job struct {
	what   string         // the i18n key of what the job does ("job.import")
	steps  []func() error // run in order; the first error ends the job
	next   int
	result func() any // the command's result once every step is done (nil: none)
}

// JobState is a running job in the state snapshot: what it does and how far it is.
type JobState struct {
	What  string `json:"what"`  // in the current language
	Done  int    `json:"done"`  // steps done
	Steps int    `json:"steps"` // steps in all
}

// JobCommand is a command done in steps: it checks its argument and returns the job (or the
// refusal, which then changes nothing).
type JobCommand func(s *TableScene, arg jsonRaw) (*Job, error)

var jobCommands = map[string]JobCommand{}

// RegisterJobCommand makes a stepped command available to the page under its name.
func RegisterJobCommand(name string, c JobCommand) {
	if _, dup := commands[name]; dup {
		panic("scenes: command registered twice: " + name)
	}
	jobCommands[name] = c
	commands[name] = func(s *TableScene, arg jsonRaw) (any, error) {
		j, err := c(s, arg)
		if err != nil {
			return nil, err
		}
		return j.Run()
	}
}

// Step runs the job's next step: done once every step has run or one failed.
func (j *Job) Step() (done bool, err error) {
	if j.next < len(j.steps) {
		err = j.steps[j.next]()
		j.next++
		if err != nil {
			j.next = len(j.steps)
			return true, err
		}
	}
	return j.next >= len(j.steps), nil
}

// Run runs the steps left and returns the job's result.
func (j *Job) Run() (any, error) {
	for {
		done, err := j.Step()
		if err != nil {
			return nil, err
		}
		if done {
			return j.Result(), nil
		}
	}
}

// Result is the command's result (nil before the last step).
func (j *Job) Result() any {
	if j.next < len(j.steps) || j.result == nil {
		return nil
	}
	return j.result()
}

// State is the job's progress for the snapshot.
func (j *Job) State() *JobState {
	return &JobState{What: T(j.what), Done: j.next, Steps: len(j.steps)}
}

func (j *Job) String() string { return fmt.Sprintf("%s %d/%d", j.what, j.next, len(j.steps)) }

// Begin starts the named command for the app's loop: a stepped command answers its job (no step
// run yet); any other command runs at once and answers its result. Errors are also kept as the
// scene's message, as Command keeps them.
func (s *TableScene) Begin(name string, arg jsonRaw) (any, *Job, error) {
	c, ok := jobCommands[name]
	if !ok {
		out, err := s.Command(name, arg)
		return out, nil, err
	}
	j, err := c(s, arg)
	if err != nil {
		s.message = err.Error()
		return nil, nil, err
	}
	return nil, j, nil
}

// StepJob runs job j's next step for the app's loop, keeping a refusal as the scene's message.
func (s *TableScene) StepJob(j *Job) (done bool, err error) {
	done, err = j.Step()
	if err != nil {
		s.message = err.Error()
	}
	return done, err
}

// SetStepBudget bounds the time one tick spends on work that can go on in the next: the scan of
// where every unit stands after the document changes (standing.go) asks units until d is spent, at
// least one a tick. The app's loop sets it so that no frame is held by a large table; 0 (the
// default: tests, the judge's replays) finishes such work at once.
func (s *TableScene) SetStepBudget(d time.Duration) { s.stepBudget = d }
