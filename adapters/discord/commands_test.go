package discord

import (
	"slices"
	"testing"

	"github.com/tablee/tablee/bot"
)

// Every parameter a command of the core takes is an option of its slash
// command, whose value reaches the core: a parameter Discord had no option
// for would be left out of the form, and one missing from argOrder would
// be asked for and then dropped.
func TestCommandParamsAreOptions(t *testing.T) {
	params := 0
	for _, c := range bot.Commands() {
		opts := optionsOf(c)
		for _, p := range c.Params {
			params++
			i := slices.IndexFunc(opts, func(o option) bool { return o.name == p.Name })
			if i < 0 {
				t.Errorf("/%s: its parameter %q is no option", c.Name, p.Name)
				continue
			}
			if opts[i].required != p.Required {
				t.Errorf("/%s: option %q required %v, want %v", c.Name, p.Name, opts[i].required, p.Required)
			}
			if p.Name != "mine" && !slices.Contains(argOrder, p.Name) {
				t.Errorf("/%s: the value of option %q never becomes an argument", c.Name, p.Name)
			}
		}
	}
	if params < 20 {
		t.Fatalf("only %d parameters: the commands lost theirs", params)
	}
}
