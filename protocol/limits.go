package protocol

import "time"

// Limits of the wire. A frame over MaxFrame closes the connection; the other limits refuse the
// one message.
const (
	MaxFrame   = 1 << 20 // any message (an op importing a whole table is the largest)
	MaxHello   = 1 << 10 // a hello
	MaxRelay   = 4 << 10 // a select or an explain
	MaxPointer = 256     // a pointer
	MaxName    = 40      // a player's name, in bytes
	MaxIDs     = 64      // ids in a select
	MaxDice    = 40      // dice in one roll
	MaxGroup   = 64      // operations in one group
	MaxOpID    = 64      // an op id (store.MaxIDLen)
	MaxRoomID  = 64      // a room id
	KeyBytes   = 16      // a seat key's random bytes (128 bits)
	HelloWait  = 10 * time.Second
)
