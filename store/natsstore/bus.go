//go:build !js

package natsstore

import "github.com/nats-io/nats.go"

// Bus carries rooms' unlogged messages (pointers, selections, presence) between tableservers
// over core NATS (at most once, not stored): subject holotable.relay.<room>. It is a room.Bus.
type Bus struct{ NC *nats.Conn }

// Publish implements room.Bus.
func (b Bus) Publish(room string, data []byte) error {
	return b.NC.Publish("holotable.relay."+room, data)
}

// Subscribe implements room.Bus.
func (b Bus) Subscribe(room string, fn func([]byte)) (func(), error) {
	sub, err := b.NC.Subscribe("holotable.relay."+room, func(m *nats.Msg) { fn(m.Data) })
	if err != nil {
		return nil, err
	}
	return func() { sub.Unsubscribe() }, nil //nolint:errcheck // the connection may be gone
}
