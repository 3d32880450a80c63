// Package geometry is holotable's exact planar and vertical-prism geometry core.
package geometry
