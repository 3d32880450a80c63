package tabletest

// Transport: an open repulsor transport "t" (Transport 1, large base r 1.378) at (10, 10);
// the squad "sq" (small bases r 0.5315) with its leader at x 15.9225: a speed-1 move of a round
// base moves its centre the tool and a diameter, 2.95 + 1.063 = 4.013, to x 11.9095 = 10 + 1.378
// + 0.5315, base contact with t; a second squad "sq2" far off.
const Transport = `{"format":"holotable/1","battlefield":{"width":36,"depth":24},
 "units_on_table":[
  {"id":"t","side":"blue","type":"repulsor","keywords":{"transport":{"capacity":1,"open":true}},
   "minis":[{"id":"t-1","leader":true,"x":10,"y":10,"base":"large","height":2,"facing":0}]},
  {"id":"sq","side":"blue","type":"trooper","speed":2,"minis":[
   {"id":"sq-1","leader":true,"x":15.9225,"y":10,"base":"small","height":1.65},
   {"id":"sq-2","x":17.1225,"y":10,"base":"small","height":1.65}]},
  {"id":"sq2","side":"blue","type":"trooper","speed":2,"minis":[
   {"id":"sq2-1","leader":true,"x":15.9225,"y":4,"base":"small","height":1.65}]}]}`
