package room

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"

	"holotable/protocol"
)

// newSecret is n random bytes, base64url without padding.
func newSecret(n int) string {
	b := make([]byte, n)
	rand.Read(b) // crypto/rand.Read never fails (it panics if the system has no randomness)
	return base64.RawURLEncoding.EncodeToString(b)
}

// newKeys makes a key for every seat (protocol.KeyBytes random bytes each) and their hashes, which
// are all the store keeps.
func newKeys() (keys map[protocol.Seat]string, hashes map[string][]byte) {
	keys = map[protocol.Seat]string{}
	hashes = map[string][]byte{}
	for _, s := range protocol.Seats {
		k := newSecret(protocol.KeyBytes)
		keys[s] = k
		hashes[s.String()] = hashKey(k)
	}
	return keys, hashes
}

// hashKey is the SHA-256 of a key. The keys are 128 random bits, so a fast hash is enough: no
// dictionary reaches them.
func hashKey(key string) []byte {
	h := sha256.Sum256([]byte(key))
	return h[:]
}

// seatOf finds the seat whose key hash matches key, comparing every hash in constant time.
func seatOf(hashes map[string][]byte, key string) protocol.Seat {
	h := hashKey(key)
	found := protocol.NoSeat
	for _, s := range protocol.Seats {
		if want, ok := hashes[s.String()]; ok && subtle.ConstantTimeCompare(want, h) == 1 {
			found = s
		}
	}
	return found
}
