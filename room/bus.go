package room

// Bus carries a room's unlogged messages (pointers, selections, offered explanations, presence)
// between the servers that host it. One server needs none. Publish must not block for long;
// delivery is best effort (a lost pointer is replaced by the next one, presence is repeated).
type Bus interface {
	// Publish sends data to every server subscribed to room (the sender's own included).
	Publish(room string, data []byte) error
	// Subscribe calls fn, from any goroutine, with each message published to room until
	// unsubscribe is called.
	Subscribe(room string, fn func(data []byte)) (unsubscribe func(), err error)
}

// busMsg is what goes over the bus: from which server, and a relayed message or that server's
// peers in the room.
type busMsg struct {
	Node  string       `json:"node"`
	Relay []byte       `json:"relay,omitempty"` // an encoded protocol.Server message
	Peers *[]peerState `json:"peers,omitempty"` // the sender's peers in the room (empty: none)
}

type peerState struct {
	ID   string `json:"id"`
	Seat string `json:"seat"`
	Name string `json:"name,omitempty"`
}
