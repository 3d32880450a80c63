package tabletest

// Melee is a small open table for the melee rules' tests: a red squad with a melee weapon (leader
// at (10, 10), a follower behind it at (8.8, 10)) facing a blue squad with one (leader at (16, 10),
// a follower at (17.2, 10)), 6" apart.
const Melee = `{"format":"holotable/1","battlefield":{"width":36,"depth":24},
 "units_on_table":[
  {"id":"red","side":"red","type":"trooper","speed":2,"keywords":{"meleeWeapon":true},"minis":[
   {"id":"red-1","leader":true,"x":10,"y":10,"base":"small","height":1.65},
   {"id":"red-2","x":8.8,"y":10,"base":"small","height":1.65}]},
  {"id":"blue","side":"blue","type":"trooper","speed":2,"keywords":{"meleeWeapon":true},"minis":[
   {"id":"blue-1","leader":true,"x":16,"y":10,"base":"small","height":1.65},
   {"id":"blue-2","x":17.2,"y":10,"base":"small","height":1.65}]}]}`
