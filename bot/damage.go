package bot

import (
	"sync"
	"time"

	"github.com/tablee/tablee/store"
)

// damageWatch is the store as the core uses it once started: every call
// passes through, and the first error that says the data file is damaged
// (store.ErrDamaged) or its disk failed (store.ErrDiskFailed) is handed to
// Options.OnDamaged, once. A damaged file
// can fault on every later write, so the process must stop and let the
// operator restore a backup; the command that met the damage is refused
// as any failed save is (nothing changed). One wrapper rather than a check
// at every call site: the core reads and writes the store in many places.
type damageWatch struct {
	store.Store
	once sync.Once
	on   func(error)
}

// watchDamage wraps st when there is someone to tell.
func watchDamage(st store.Store, on func(error)) store.Store {
	if on == nil {
		return st
	}
	return &damageWatch{Store: st, on: on}
}

func (d *damageWatch) check(err error) error {
	if err != nil && store.Unusable(err) {
		d.once.Do(func() { d.on(err) })
	}
	return err
}

func (d *damageWatch) NewTableID() (uint64, error) {
	id, err := d.Store.NewTableID()
	return id, d.check(err)
}

func (d *damageWatch) Save(t store.Table, move *store.Move) error {
	return d.check(d.Store.Save(t, move))
}

func (d *damageWatch) SaveChained(t store.Table, move *store.Move) (func() error, error) {
	wait, err := saveChained(d.Store, t, move)
	if err != nil {
		return nil, d.check(err)
	}
	return func() error { return d.check(wait()) }, nil
}

func (d *damageWatch) OpenTables() ([]store.Table, error) {
	ts, err := d.Store.OpenTables()
	return ts, d.check(err)
}

func (d *damageWatch) Table(id uint64) (store.Table, error) {
	t, err := d.Store.Table(id)
	return t, d.check(err)
}

func (d *damageWatch) ChatTables(chat string) ([]uint64, error) {
	ids, err := d.Store.ChatTables(chat)
	return ids, d.check(err)
}

func (d *damageWatch) Moves(id uint64) ([]store.Move, error) {
	ms, err := d.Store.Moves(id)
	return ms, d.check(err)
}

func (d *damageWatch) User(id string) (store.User, error) {
	u, err := d.Store.User(id)
	return u, d.check(err)
}

func (d *damageWatch) SaveUser(u store.User) error { return d.check(d.Store.SaveUser(u)) }

func (d *damageWatch) DeleteTable(id uint64) error { return d.check(d.Store.DeleteTable(id)) }

func (d *damageWatch) Due(before time.Time, limit int) ([]store.DueTable, error) {
	due, err := d.Store.Due(before, limit)
	return due, d.check(err)
}

func (d *damageWatch) OpenTable(chat string) (store.Table, error) {
	t, err := d.Store.OpenTable(chat)
	return t, d.check(err)
}

func (d *damageWatch) SeatedTables(user string) ([]uint64, error) {
	ids, err := d.Store.SeatedTables(user)
	return ids, d.check(err)
}

func (d *damageWatch) PlayedTables(user string) ([]uint64, error) {
	ids, err := d.Store.PlayedTables(user)
	return ids, d.check(err)
}

func (d *damageWatch) NextDue() (time.Time, bool, error) {
	at, ok, err := d.Store.NextDue()
	return at, ok, d.check(err)
}

func (d *damageWatch) Unshown() ([]store.Table, error) {
	ts, err := d.Store.Unshown()
	return ts, d.check(err)
}

func (d *damageWatch) Shown(id, seq uint64) error { return d.check(d.Store.Shown(id, seq)) }
