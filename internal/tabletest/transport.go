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

// Carried: the open transport t (blue repulsor, large base r 1.378 at (10, 10), height 2)
// carrying sq (two troopers with a Fixed: Front rifle), the closed transport c (large, at
// (10, 24)) carrying cq, the red squad en (small base r 0.5315, a blaster of 3 black dice) at (28, 10) and the red squad
// touch touching t's base at (10, 11.9095) (1.378 + 0.5315 from t's centre).
const Carried = `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
 "units_on_table":[
  {"id":"t","side":"blue","type":"repulsor","keywords":{"transport":{"capacity":1,"open":true}},
   "minis":[{"id":"t-1","leader":true,"x":10,"y":10,"base":"large","height":2,"facing":0}],
   "carried":[{"id":"sq","side":"blue","type":"trooper","card":{"wounds":1,"courage":1,"defence":"white","weapons":[
     {"name":"rifle","min":1,"max":3,"dice":{"black":1},"keywords":{"fixed":"front"}}]},
     "minis":[{"id":"sq-1","leader":true,"base":"small","height":1.65},{"id":"sq-2","base":"small","height":1.65}]}]},
  {"id":"c","side":"blue","type":"ground","keywords":{"transport":{"capacity":1}},
   "minis":[{"id":"c-1","leader":true,"x":10,"y":24,"base":"large","height":2,"facing":0}],
   "carried":[{"id":"cq","side":"blue","type":"trooper","minis":[{"id":"cq-1","leader":true,"base":"small","height":1.65}]}]},
  {"id":"en","side":"red","type":"trooper","card":{"wounds":1,"courage":1,"defence":"red","weapons":[
     {"name":"blaster","min":1,"max":3,"dice":{"black":3}}]},
   "minis":[{"id":"en-1","leader":true,"x":28,"y":10,"base":"small","height":1.65}]},
  {"id":"touch","side":"red","type":"trooper","minis":[{"id":"tc-1","leader":true,"x":10,"y":11.9095,"base":"small","height":1.65}]}]}`
