package tabletest

// Displace is a small open table for the displacement rules' tests: a tank (ground vehicle, large
// base, speed 2) at (10, 10) facing east, and a blue squad of two troopers standing across its
// path at x = 15.
const Displace = `{"format":"holotable/1","battlefield":{"width":36,"depth":24},
 "units_on_table":[
  {"id":"tank","side":"red","type":"ground","speed":2,"minis":[{"id":"tank-1","leader":true,"x":10,"y":10,"base":"large","height":3,"facing":0}]},
  {"id":"sq","side":"blue","type":"trooper","speed":2,"minis":[
   {"id":"sq-1","leader":true,"x":15,"y":10,"base":"small","height":1.65},
   {"id":"sq-2","x":15,"y":11.2,"base":"small","height":1.65}]}]}`
